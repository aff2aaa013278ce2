package io.strata.reliability.sync;

import io.strata.cli.StrataCommand;

/**
 * A {@code strata sync} process that says when its JVM is up ({@code ready}), so that a kill lands in the sync
 * itself rather than in the JVM's start: {@code SyncWorker <strata sync arguments...>}, printing
 * {@code synced <exit code>} at the end.
 */
public final class SyncWorker {

    private SyncWorker() {}

    public static void main(String[] args) {
        var command = StrataCommand.newCommandLine();
        System.out.println("ready");
        System.out.flush();
        int exit = command.execute(args);
        System.out.println("synced " + exit);
        System.exit(exit);
    }
}
