package io.strata.format.avro;

import java.util.Locale;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileConstants;

/**
 * The Avro codec of a {@code file.compression} value, as Paimon 1.4.2's Avro writer picks it: {@code zstd}
 * (any case, the default) is Avro's {@code zstandard} codec at Paimon's default
 * {@code file.compression.zstd-level} 1; any other value must be the name of one of Avro's codecs, spelled
 * as Avro spells it ({@code snappy}, {@code deflate}, {@code bzip2}, {@code zstandard} at Avro's default
 * level 3, {@code null} for none), which is what Paimon hands Avro's {@code CodecFactory.fromString}.
 * Values Paimon's writer fails on fail here too, naming the option: ORC and Parquet names Avro has no codec
 * of ({@code lz4}, {@code gzip}, {@code zlib}, {@code none}, ...), and {@code xz}, whose library neither
 * Paimon's bundle nor Strata ships.
 */
final class AvroCodecs {

    /** Paimon's default {@code file.compression.zstd-level}, which its Avro writer gives the zstandard codec. */
    static final int ZSTD_LEVEL = 1;

    private AvroCodecs() {}

    /** The codec for a {@code file.compression} value; null means Paimon's default, zstd. */
    static CodecFactory codec(String compression) {
        if (compression == null || compression.equalsIgnoreCase("zstd")) {
            return CodecFactory.zstandardCodec(ZSTD_LEVEL);
        }
        return switch (compression) {
            case DataFileConstants.NULL_CODEC -> CodecFactory.nullCodec();
            case DataFileConstants.DEFLATE_CODEC -> CodecFactory.deflateCodec(CodecFactory.DEFAULT_DEFLATE_LEVEL);
            case DataFileConstants.SNAPPY_CODEC -> CodecFactory.snappyCodec();
            case DataFileConstants.BZIP2_CODEC -> CodecFactory.bzip2Codec();
            case DataFileConstants.ZSTANDARD_CODEC -> CodecFactory.zstandardCodec(CodecFactory.DEFAULT_ZSTANDARD_LEVEL);
            case DataFileConstants.XZ_CODEC -> throw new IllegalArgumentException("Unsupported file.compression 'xz'"
                    + " for Avro data files: Strata has no XZ library (nor has Paimon's bundle); use zstd, snappy,"
                    + " deflate, bzip2 or null");
            default -> throw new IllegalArgumentException("Unsupported file.compression '" + compression
                    + "' for Avro data files (expected zstd, snappy, deflate, bzip2, zstandard or null, the names"
                    + " Paimon's Avro writer takes" + hint(compression) + ")");
        };
    }

    /** Points at the Avro spelling of a name given in another case or in ORC's and Parquet's words. */
    private static String hint(String compression) {
        String lower = compression.trim().toLowerCase(Locale.ROOT);
        if (lower.equals("none") || lower.equals("uncompressed")) {
            return "; Avro calls no compression 'null'";
        }
        if (!lower.equals(compression) && switch (lower) {
            case "snappy", "deflate", "bzip2", "zstandard", "null" -> true;
            default -> false;
        }) {
            return "; Avro's codec names are lower case: '" + lower + "'";
        }
        return "";
    }
}
