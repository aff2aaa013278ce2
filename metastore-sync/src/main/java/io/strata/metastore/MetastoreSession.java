package io.strata.metastore;

import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.transport.TTransportException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection to the Hive Metastore with retries: a call that fails on the transport (connection
 * refused or reset, socket closed, timeout) is retried after a jittered, doubling backoff on a fresh
 * client, up to {@code metastore.sync.retry.max-attempts}. Any other failure (the metastore answered
 * with an error) is not retried. Callers make every call idempotent, so a retry after a call that did
 * land on the server does no harm.
 */
public final class MetastoreSession implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MetastoreSession.class);

    /** Opens clients; tests wrap the real client to count or cut calls. */
    public interface ClientFactory {

        /** A new connected client. */
        IMetaStoreClient open() throws Exception;

        /** The Thrift interface of {@code client} for calls it does not offer, or null (see {@link MetastoreClients#thriftOf}). */
        default ThriftHiveMetastore.Iface thrift(IMetaStoreClient client) {
            return MetastoreClients.thriftOf(client);
        }

        /** A factory of clients of {@code uri}. */
        static ClientFactory of(String uri, Configuration conf) {
            return () -> MetastoreClients.open(uri, conf);
        }
    }

    /** One metastore call. */
    @FunctionalInterface
    public interface Call<T> {
        T apply(IMetaStoreClient client, ThriftHiveMetastore.Iface thrift) throws Exception;
    }

    private final ClientFactory factory;
    private final int maxAttempts;
    private final Duration initialBackoff;
    private final Duration maxBackoff;
    private IMetaStoreClient client;
    private ThriftHiveMetastore.Iface thrift;

    public MetastoreSession(ClientFactory factory, int maxAttempts, Duration initialBackoff, Duration maxBackoff) {
        this.factory = factory;
        this.maxAttempts = maxAttempts;
        this.initialBackoff = initialBackoff;
        this.maxBackoff = maxBackoff;
    }

    /** A session with the retry settings of {@code options}. */
    public static MetastoreSession create(ClientFactory factory, Map<String, String> options) {
        return new MetastoreSession(factory, MetastoreSyncOptions.RETRY_MAX_ATTEMPTS.get(options),
                MetastoreSyncOptions.RETRY_INITIAL_BACKOFF.get(options), MetastoreSyncOptions.RETRY_MAX_BACKOFF.get(options));
    }

    /** Runs {@code call}, retrying transport failures; {@code what} names the step in errors. */
    public <T> T call(String what, Call<T> call) {
        Exception last = null;
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            try {
                if (client == null) {
                    client = factory.open();
                    thrift = factory.thrift(client);
                }
                return call.apply(client, thrift);
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                last = e;
                if (!isTransportFailure(e)) {
                    throw new MetastoreSyncException(what + " failed: " + describe(e), e);
                }
                // The connection is in an unknown state after a transport error: never reuse it.
                disconnect();
                if (attempt < maxAttempts) {
                    long wait = backoffMillis(attempt);
                    LOG.warn("{} failed on the transport (attempt {} of {}), retrying in {} ms: {}", what, attempt,
                            maxAttempts, wait, describe(e));
                    sleep(wait, what);
                }
            }
        }
        throw new MetastoreSyncException(what + " failed after " + maxAttempts + " attempts, the metastore is"
                + " unreachable: " + describe(last), last);
    }

    private long backoffMillis(int attempt) {
        long base = Math.min(maxBackoff.toMillis(), initialBackoff.toMillis() << Math.min(attempt - 1, 20));
        // Up to 50% jitter, so writers that lost the metastore together do not come back in lockstep.
        return base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1);
    }

    private static void sleep(long millis, String what) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MetastoreSyncException(what + " interrupted while waiting to retry", e);
        }
    }

    /** Whether {@code e} says the metastore could not be reached (as opposed to an answer with an error). */
    static boolean isTransportFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof TTransportException || t instanceof SocketException || t instanceof SocketTimeoutException) {
                return true;
            }
            if (t instanceof MetaException && t.getMessage() != null
                    && (t.getMessage().contains("Could not connect to meta store")
                            || t.getMessage().contains("Cannot connect to the Hive Metastore"))) {
                return true;
            }
        }
        return false;
    }

    private static String describe(Throwable e) {
        return e == null ? "unknown" : e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    private void disconnect() {
        IMetaStoreClient c = client;
        client = null;
        thrift = null;
        if (c != null) {
            try {
                c.close();
            } catch (RuntimeException e) {
                LOG.debug("Closing a broken metastore client failed", e);
            }
        }
    }

    @Override
    public void close() {
        disconnect();
    }
}
