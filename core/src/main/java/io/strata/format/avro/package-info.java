/**
 * Avro data files as Apache Paimon 1.4.2 writes and reads them ({@link io.strata.format.avro.AvroFormatFactory}):
 * Paimon's Avro schema for a row type, without field ids ({@code AvroSchemas}), its codec for
 * {@code file.compression} ({@code AvroCodecs}), a writer over Avro's {@code DataFileWriter} that encodes
 * rows itself ({@code AvroRowWriter}), and a reader that decodes each block's rows straight into columnar
 * vectors ({@code AvroReadPlan}, {@code AvroValueReaders}, {@code AvroVectors}) and fails a truncated file
 * (docs/format.md section 7). Depends on {@code io.strata.format} and what it depends on, and on the Avro
 * library.
 */
package io.strata.format.avro;
