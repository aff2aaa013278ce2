package io.strata.hive.it;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.security.HiveAuthenticationProvider;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAccessControlException;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAccessController;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthorizationValidator;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthorizer;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthorizerFactory;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthorizerImpl;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthzContext;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveAuthzSessionContext;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveMetastoreClientFactory;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveOperationType;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HivePrivilegeObject;

/**
 * A Hive authorizer (V2 plugin, as Ranger's) for tests: it records the privilege objects Hive asks about, and denies
 * every request for a storage-handler URI that starts with {@link #denied} ("a policy on that directory"), as Ranger
 * would with a policy on the {@code strata:} URI of a location.
 */
public final class RecordingAuthorizer implements HiveAuthorizationValidator {

    /** One authorization request. */
    public record Request(HiveOperationType operation, List<String> inputs, List<String> outputs) {}

    static final List<Request> requests = new ArrayList<>();
    static volatile String denied;

    /** What {@code hive.security.authorization.manager} names. */
    public static final class Factory implements HiveAuthorizerFactory {
        @Override
        public HiveAuthorizer createHiveAuthorizer(HiveMetastoreClientFactory metastore, HiveConf conf,
                HiveAuthenticationProvider authenticator, HiveAuthzSessionContext context) {
            HiveAccessController noGrants = (HiveAccessController) Proxy.newProxyInstance(
                    RecordingAuthorizer.class.getClassLoader(), new Class<?>[] {HiveAccessController.class},
                    (proxy, method, args) -> {
                        if (method.getName().equals("applyAuthorizationConfigPolicy")) {
                            return null;
                        }
                        throw new UnsupportedOperationException(method.getName());
                    });
            return new HiveAuthorizerImpl(noGrants, new RecordingAuthorizer());
        }
    }

    static synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    static synchronized void clear() {
        requests.clear();
    }

    private static String describe(HivePrivilegeObject object) {
        return object.getType() + " " + (object.getType() == HivePrivilegeObject.HivePrivilegeObjectType.STORAGEHANDLER_URI
                ? object.getClassName() + " " + object.getObjectName()
                : object.getDbname() + "." + object.getObjectName());
    }

    @Override
    public void checkPrivileges(HiveOperationType operation, List<HivePrivilegeObject> inputs,
            List<HivePrivilegeObject> outputs, HiveAuthzContext context) throws HiveAccessControlException {
        List<String> in = inputs == null ? List.of() : inputs.stream().map(RecordingAuthorizer::describe).toList();
        List<String> out = outputs == null ? List.of() : outputs.stream().map(RecordingAuthorizer::describe).toList();
        synchronized (RecordingAuthorizer.class) {
            requests.add(new Request(operation, in, out));
        }
        String prefix = denied;
        if (prefix == null) {
            return;
        }
        for (List<HivePrivilegeObject> objects : List.of(inputs == null ? List.<HivePrivilegeObject>of() : inputs,
                outputs == null ? List.<HivePrivilegeObject>of() : outputs)) {
            for (HivePrivilegeObject object : objects) {
                if (object.getType() == HivePrivilegeObject.HivePrivilegeObjectType.STORAGEHANDLER_URI
                        && object.getObjectName().startsWith(prefix)) {
                    throw new HiveAccessControlException("Permission denied: no policy allows " + operation + " on "
                            + object.getObjectName());
                }
            }
        }
    }

    @Override
    public List<HivePrivilegeObject> filterListCmdObjects(List<HivePrivilegeObject> objects, HiveAuthzContext context) {
        return objects;
    }

    @Override
    public List<HivePrivilegeObject> applyRowFilterAndColumnMasking(HiveAuthzContext context,
            List<HivePrivilegeObject> objects) {
        return List.of();
    }

    @Override
    public boolean needTransform() {
        return false;
    }
}
