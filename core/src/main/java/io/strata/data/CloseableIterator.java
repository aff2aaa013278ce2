package io.strata.data;

import io.strata.api.PublicApi;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Function;

/**
 * An iterator over a resource (open files). Elements may be views that are valid only until the next
 * call to {@link #hasNext()} or {@link #next()}; copy what you keep.
 */
@PublicApi
public interface CloseableIterator<T> extends Iterator<T>, Closeable {

    @Override
    void close() throws IOException;

    /** Drains the iterator through {@code copier} into a list, then closes it. */
    default <R> List<R> toList(Function<T, R> copier) throws IOException {
        Objects.requireNonNull(copier);
        try (this) {
            List<R> out = new ArrayList<>();
            while (hasNext()) {
                out.add(copier.apply(next()));
            }
            return out;
        }
    }

    /** An iterator of nothing. */
    static <T> CloseableIterator<T> empty() {
        return new CloseableIterator<>() {
            @Override
            public boolean hasNext() {
                return false;
            }

            @Override
            public T next() {
                throw new NoSuchElementException();
            }

            @Override
            public void close() {}
        };
    }
}
