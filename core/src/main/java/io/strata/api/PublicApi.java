package io.strata.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a type of core's public API: what a writer, a reader, a maintainer of tables and an engine
 * connector use. Other modules (the Hive connector, the metastore sync, the command line) use only
 * types so marked (a test of each module checks it), and the marked surface is recorded in
 * {@code core/src/test/resources/public-api.txt}, so a change to it is a visible, deliberate diff.
 *
 * <p>Public types without this mark are public only because another core package uses them; they may
 * change at any time.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface PublicApi {}
