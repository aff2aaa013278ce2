package io.strata.cli.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.data.Decimal;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.DataType;
import io.strata.types.TypeParser;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class ValueConverterTest {

    private final ValueConverter auto = new ValueConverter(EpochUnit.AUTO, true);
    private final ObjectMapper json = new ObjectMapper();

    private static DataType t(String type) {
        return TypeParser.parse(type);
    }

    @Test
    void numbersWithRangeAndScaleChecks() {
        assertThat(auto.fromText("127", t("TINYINT"))).isEqualTo((byte) 127);
        assertThat(auto.fromText("+42", t("INT"))).isEqualTo(42);
        assertThat(auto.fromText(" -7 ", t("BIGINT"))).isEqualTo(-7L);
        assertThat(auto.fromText("1.5", t("DOUBLE"))).isEqualTo(1.5);
        assertThat(auto.fromText("12.3", t("DECIMAL(5, 2)"))).isEqualTo(Decimal.fromBigDecimal(new java.math.BigDecimal("12.30"), 5, 2));
        assertThatThrownBy(() -> auto.fromText("128", t("TINYINT"))).hasMessageContaining("out of range for TINYINT");
        assertThatThrownBy(() -> auto.fromText("1.0", t("INT"))).hasMessageContaining("not a whole number");
        assertThatThrownBy(() -> auto.fromText("1.234", t("DECIMAL(5, 2)"))).hasMessageContaining("more than 2 decimal");
        assertThatThrownBy(() -> auto.fromText("1234.5", t("DECIMAL(5, 2)"))).hasMessageContaining("more than 5 digits");
    }

    @Test
    void stringsBooleansBinary() {
        assertThat(auto.fromText(" x ", t("STRING"))).isEqualTo(Utf8String.fromString(" x "));
        assertThatThrownBy(() -> auto.fromText("abcd", t("VARCHAR(3)"))).hasMessageContaining("longer than 3 characters");
        assertThat(auto.fromText("TRUE", t("BOOLEAN"))).isEqualTo(true);
        assertThat(auto.fromText("0", t("BOOLEAN"))).isEqualTo(false);
        assertThatThrownBy(() -> auto.fromText("yes", t("BOOLEAN"))).hasMessageContaining("not a boolean");
        assertThat((byte[]) auto.fromText("AQI=", t("BYTES"))).containsExactly(1, 2);
        assertThatThrownBy(() -> auto.fromText("%%", t("BYTES"))).hasMessageContaining("not base64");
    }

    @Test
    void datesTimesAndTimestamps() {
        assertThat(auto.fromText("2026-12-01", t("DATE"))).isEqualTo((int) LocalDate.of(2026, 12, 1).toEpochDay());
        assertThat(auto.fromText("20788", t("DATE"))).isEqualTo(20788);
        assertThat(auto.fromText("10:15:30.5", t("TIME"))).isEqualTo(36_930_500);
        assertThat(auto.fromText("36930500000", t("TIME"))).isEqualTo(36_930_500);
        LocalDateTime local = LocalDateTime.of(2026, 12, 1, 10, 15, 30, 123_456_789);
        assertThat(auto.fromText("2026-12-01T10:15:30.123456789", t("TIMESTAMP(9)")))
                .isEqualTo(Timestamp.fromLocalDateTime(local));
        assertThat(auto.fromText("2026-12-01 10:15:30.123456789", t("TIMESTAMP(6)")))
                .isEqualTo(Timestamp.fromLocalDateTime(local.withNano(123_456_000)));
        assertThat(auto.fromText("2026-12-01T11:15:30.123+01:00", t("TIMESTAMP(3)")))
                .isEqualTo(Timestamp.fromLocalDateTime(local.withNano(123_000_000)));
        long millis = 1_764_584_130_123L;
        assertThat(auto.fromText(Long.toString(millis), t("TIMESTAMP(3)"))).isEqualTo(Timestamp.fromEpochMillis(millis));
        assertThat(auto.fromText(Long.toString(millis * 1000 + 456), t("TIMESTAMP(6)")))
                .isEqualTo(Timestamp.fromMicros(millis * 1000 + 456));
        assertThat(new ValueConverter(EpochUnit.MICROS, false).fromText("1000", t("TIMESTAMP(6)")))
                .isEqualTo(Timestamp.fromEpochMillis(1));
        assertThatThrownBy(() -> auto.fromText("01/12/2026", t("TIMESTAMP"))).hasMessageContaining("not a timestamp");
        assertThatThrownBy(() -> auto.fromText("2026-13-01", t("DATE"))).hasMessageContaining("not a date yyyy-MM-dd");
    }

    @Test
    void jsonValuesAndDebeziumDecimals() throws Exception {
        assertThat(auto.fromJson(json.readTree("1.10"), t("DECIMAL(4, 2)"))).hasToString("1.10");
        assertThat(auto.fromJson(json.readTree("\"AQ==\""), t("DECIMAL(4, 2)"))).hasToString("0.01");
        assertThat(auto.fromJson(json.readTree("{\"scale\":1,\"value\":\"Dw==\"}"), t("DECIMAL(4, 2)")))
                .hasToString("1.50");
        assertThat(auto.fromJson(json.readTree("null"), t("INT"))).isNull();
        assertThat(auto.fromJson(json.readTree("3.0"), t("INT"))).isEqualTo(3);
        assertThat(auto.fromJson(json.readTree("7"), t("STRING"))).isEqualTo(Utf8String.fromString("7"));
        assertThatThrownBy(() -> auto.fromJson(json.readTree("true"), t("INT"))).hasMessageContaining("a boolean");
        assertThatThrownBy(() -> auto.fromJson(json.readTree("[1]"), t("INT"))).hasMessageContaining("a JSON array");
        assertThatThrownBy(() -> new ValueConverter(EpochUnit.AUTO, false).fromJson(json.readTree("\"AQ==\""),
                t("DECIMAL(4, 2)"))).hasMessageContaining("not a decimal number");
        assertThatThrownBy(() -> auto.fromText("1", t("ARRAY<INT>"))).hasMessageContaining("not supported by ingest");
    }
}
