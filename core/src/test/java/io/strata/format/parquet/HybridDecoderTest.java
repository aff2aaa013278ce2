package io.strata.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.junit.jupiter.api.Test;

/** {@link HybridDecoder} against parquet-column's own encoder, at every bit width. */
class HybridDecoderTest {

    private static byte[] encode(int bitWidth, int[] values) throws Exception {
        RunLengthBitPackingHybridEncoder encoder =
                new RunLengthBitPackingHybridEncoder(bitWidth, 64, 1 << 20, new HeapByteBufferAllocator());
        for (int v : values) {
            encoder.writeInt(v);
        }
        return encoder.toBytes().toByteArray();
    }

    /** Values mixing long runs of one value (RLE runs) and random stretches (bit-packed runs). */
    private static int[] values(Random random, int bitWidth, int count) {
        long bound = 1L << bitWidth;
        int[] values = new int[count];
        int i = 0;
        while (i < count) {
            int run = random.nextInt(3) == 0 ? 1 + random.nextInt(40) : 1;
            int v = bitWidth == 0 ? 0 : (int) (random.nextLong() & (bound - 1));
            for (int k = 0; k < run && i < count; k++) {
                values[i++] = v;
            }
        }
        return values;
    }

    @Test
    void decodesEveryBitWidthInChunksOfAnySize() throws Exception {
        Random random = new Random(7);
        for (int bitWidth = 0; bitWidth <= 32; bitWidth++) {
            int[] expected = values(random, bitWidth, 3001);
            byte[] encoded = encode(bitWidth, expected);
            // Decode from the middle of a larger array, as from a page inside a column chunk.
            byte[] page = new byte[encoded.length + 10];
            System.arraycopy(encoded, 0, page, 5, encoded.length);
            HybridDecoder decoder = new HybridDecoder();
            decoder.reset(page, 5, 5 + encoded.length, bitWidth);
            int[] decoded = new int[expected.length];
            int done = 0;
            while (done < decoded.length) {
                int n = Math.min(decoded.length - done, 1 + random.nextInt(100));
                decoder.read(decoded, done, n);
                done += n;
            }
            assertThat(decoded).as("bit width %s", bitWidth).isEqualTo(expected);
        }
    }

    @Test
    void readingPastTheEndFails() throws Exception {
        byte[] encoded = encode(3, new int[] {1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0});
        HybridDecoder decoder = new HybridDecoder();
        decoder.reset(encoded, 0, encoded.length, 3);
        int[] out = new int[40];
        assertThatThrownBy(() -> decoder.read(out, 0, 40)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ends before");
        assertThatThrownBy(() -> decoder.reset(encoded, 0, encoded.length + 1, 3))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
