package io.strata.data;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.oracle.RandomRows;
import java.nio.charset.StandardCharsets;
import org.apache.paimon.data.BinaryString;
import org.junit.jupiter.api.Test;

/** Utf8String against Apache Paimon's BinaryString: order, character count, equality, views. */
class Utf8StringTest {

    @Test
    void ordersAndCountsLikePaimonsBinaryString() {
        RandomRows random = new RandomRows(17);
        for (int i = 0; i < 20_000; i++) {
            String a = random.string(0, 12);
            String b = i % 3 == 0 ? a + random.string(0, 2) : random.string(0, 12);
            Utf8String sa = Utf8String.fromString(a);
            Utf8String sb = Utf8String.fromString(b);
            BinaryString pa = BinaryString.fromString(a);
            BinaryString pb = BinaryString.fromString(b);
            assertThat(Integer.signum(sa.compareTo(sb))).as("'%s' vs '%s'", a, b).isEqualTo(Integer.signum(pa.compareTo(pb)));
            assertThat(sa.numChars()).as("chars of '%s'", a).isEqualTo(pa.numChars());
            assertThat(sa.equals(sb)).isEqualTo(pa.equals(pb));
            assertThat(sa.toString()).isEqualTo(pa.toString());
        }
    }

    @Test
    void comparesAsUnsignedBytesNotUtf16() {
        // U+FFFD (EF BF BD) is below U+1F600 (F0 9F 98 80) in UTF-8, above its surrogates in UTF-16.
        assertThat(Utf8String.fromString("\uFFFD").compareTo(Utf8String.fromString("😀"))).isNegative();
        assertThat("\uFFFD".compareTo("😀")).isPositive();
        assertThat(Utf8String.fromString("é").compareTo(Utf8String.fromString("z"))).isPositive();
        assertThat(Utf8String.fromString("ab").compareTo(Utf8String.fromString("abc"))).isNegative();
        assertThat(Utf8String.fromString("").compareTo(Utf8String.fromString(""))).isZero();
    }

    @Test
    void viewsEqualCopiesAndDetach() {
        byte[] buffer = "xxhello worldyy".getBytes(StandardCharsets.UTF_8);
        Utf8String view = Utf8String.view(buffer, 2, 11);
        Utf8String copy = view.copy();
        assertThat(view).isEqualTo(Utf8String.fromString("hello world")).hasSameHashCodeAs(Utf8String.fromString("hello world"));
        assertThat(view.toBytes()).isEqualTo("hello world".getBytes(StandardCharsets.UTF_8));
        buffer[2] = 'j';
        assertThat(view.toString()).isEqualTo("jello world");
        assertThat(copy.toString()).isEqualTo("hello world");
        assertThat(Utf8String.fromString("a😀é中").numChars()).isEqualTo(4);
    }
}
