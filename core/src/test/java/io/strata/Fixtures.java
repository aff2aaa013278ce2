package io.strata;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/** The tables Apache Paimon 1.4.2 wrote (copied from shared/fixtures into the test resources). */
public final class Fixtures {

    private Fixtures() {}

    /** The fixture directory {@code fixtures/paimon-1.4.2/<relative>}. */
    public static Path paimon142(String relative) {
        URL url = Fixtures.class.getResource("/fixtures/paimon-1.4.2");
        if (url == null) {
            throw new IllegalStateException("Test resource fixtures/paimon-1.4.2 is missing");
        }
        try {
            return Path.of(url.toURI()).resolve(relative);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
