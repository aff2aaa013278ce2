package io.strata.format;

/**
 * A batch of rows read from one data file, as columns. The columns are in the order of the read type
 * the reader was opened with. Valid until the reader produces the next batch.
 *
 * @param columns one vector per read field
 * @param numRows how many rows the batch holds
 */
public record ColumnarBatch(ColumnVector[] columns, int numRows) {}
