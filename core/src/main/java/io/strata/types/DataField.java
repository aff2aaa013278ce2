package io.strata.types;

import io.strata.api.PublicApi;
import java.util.Objects;

/**
 * A named, typed field with a stable id. Ids never change across schema evolution, so a reader maps
 * an old file's columns onto the current schema by id.
 *
 * @param id the field id
 * @param name the field name
 * @param type the field type
 * @param description an optional comment, or null
 */
@PublicApi
public record DataField(int id, String name, DataType type, String description) {

    public DataField {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    public DataField(int id, String name, DataType type) {
        this(id, name, type, null);
    }

    /** This field with another type. */
    public DataField withType(DataType newType) {
        return new DataField(id, name, newType, description);
    }

    /** This field with another name. */
    public DataField withName(String newName) {
        return new DataField(id, newName, type, description);
    }

    /** This field with another id. */
    public DataField withId(int newId) {
        return new DataField(newId, name, type, description);
    }

    @Override
    public String toString() {
        return name + " " + type.asSqlString();
    }
}
