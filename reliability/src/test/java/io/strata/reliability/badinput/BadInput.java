package io.strata.reliability.badinput;

import java.util.List;

/**
 * One kind of bad input: what a user (or a damaged disk) does wrong, and what Strata must answer. The
 * preparation (an input file written, a table file damaged) is done first; then the command runs and must exit
 * with {@code exitCode}, print every one of {@code mentions} (the thing that is wrong: file, table, column,
 * option, value) and leave the warehouse as it found it.
 *
 * @param category CLI arguments, table options, CSV / JSON / Debezium records, HiveQL DDL, corrupted files
 * @param kind what is wrong, in a few words (the test's name)
 * @param prepare what is done before the command: input files written, a table file damaged
 * @param command the {@code strata} arguments, with {@code {wh}} for the warehouse and {@code {in}} for the
 *     directory of input files
 * @param exitCode the exit code the command must return
 * @param mentions what the message must name; {@code {damaged}} stands for the name of the damaged file
 */
record BadInput(String category, String kind, Prepare prepare, List<String> command, int exitCode,
                List<String> mentions) {

    /** Done before the command runs; returns the name of the table file it damaged, or "". */
    @FunctionalInterface
    interface Prepare {
        Prepare NOTHING = workspace -> "";

        String apply(Workspace workspace) throws Exception;
    }

    @Override
    public String toString() {
        return category + ": " + kind;
    }
}
