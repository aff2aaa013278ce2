package io.strata.metastore;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.DropPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;

/**
 * Real metastore clients behind a {@link Proxy} that records every call and the partitions each call
 * names, and can fail the N-th call (to interrupt a sync at any step). Not a mock: every call that is
 * not failed goes to the real client.
 */
final class RecordingClients implements MetastoreSession.ClientFactory {

    private final Supplier<IMetaStoreClient> real;
    final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    /** Partitions named by partition calls, as "value1/value2". */
    final List<String> touched = Collections.synchronizedList(new ArrayList<>());
    private volatile int failAtCall = -1;
    private volatile int actionAtCall = -1;
    private volatile Runnable action;
    private volatile String actionBeforeMethod;
    private IMetaStoreClient lastReal;

    RecordingClients(Supplier<IMetaStoreClient> real) {
        this.real = real;
    }

    /** Fails the n-th call from now on (1-based) with a metastore error; -1 never. */
    void failAtCall(int n) {
        failAtCall = n < 0 ? -1 : calls.size() + n;
    }

    /** Runs {@code what} just before the n-th call from now on (1-based), e.g. to cut the network. */
    void beforeCall(int n, Runnable what) {
        action = what;
        actionAtCall = calls.size() + n;
    }

    /** Runs {@code what} once, just before the next call of {@code method}. */
    void beforeMethod(String method, Runnable what) {
        action = what;
        actionBeforeMethod = method;
    }

    void reset() {
        calls.clear();
        touched.clear();
    }

    @Override
    public IMetaStoreClient open() {
        IMetaStoreClient client = real.get();
        lastReal = client;
        return (IMetaStoreClient) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {IMetaStoreClient.class}, (proxy, method, args) -> invoke(client, method, args));
    }

    @Override
    public ThriftHiveMetastore.Iface thrift(IMetaStoreClient client) {
        ThriftHiveMetastore.Iface iface = MetastoreClients.thriftOf(lastReal);
        if (iface == null) {
            return null;
        }
        return (ThriftHiveMetastore.Iface) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ThriftHiveMetastore.Iface.class}, (proxy, method, args) -> invoke(iface, method, args));
    }

    private Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
        if (method.getName().equals("close") || method.getDeclaringClass() == Object.class) {
            return method.invoke(target, args);
        }
        calls.add(method.getName());
        record(method.getName(), args);
        if (method.getName().equals(actionBeforeMethod)) {
            actionBeforeMethod = null;
            action.run();
        }
        if (actionAtCall > 0 && calls.size() == actionAtCall) {
            action.run();
        }
        if (failAtCall > 0 && calls.size() == failAtCall) {
            throw new MetaException("injected failure at call " + failAtCall + " (" + method.getName() + ")");
        }
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @SuppressWarnings("unchecked")
    private void record(String name, Object[] args) {
        if (args == null) {
            return;
        }
        switch (name) {
            case "add_partitions_req" -> ((org.apache.hadoop.hive.metastore.api.AddPartitionsRequest) args[0]).getParts()
                    .forEach(p -> touched.add(String.join("/", p.getValues())));
            case "add_partitions" -> ((List<Partition>) args[0]).forEach(p -> touched.add(String.join("/", p.getValues())));
            case "alter_partitions" -> ((List<Partition>) args[2]).forEach(p -> touched.add(String.join("/", p.getValues())));
            case "getPartitionsByNames" -> ((List<String>) args[2]).forEach(n -> touched.add(valuesOf(n)));
            case "drop_partitions_req" -> ((DropPartitionsRequest) args[0]).getParts().getNames()
                    .forEach(n -> touched.add(valuesOf(n)));
            case "dropPartition" -> touched.add(valuesOf(String.valueOf(args[2])));
            default -> { }
        }
    }

    private static String valuesOf(String partitionName) {
        List<String> values = new ArrayList<>();
        for (String kv : partitionName.split("/")) {
            values.add(kv.substring(kv.indexOf('=') + 1));
        }
        return String.join("/", values);
    }

    long count(String method) {
        synchronized (calls) {
            return calls.stream().filter(method::equals).count();
        }
    }
}
