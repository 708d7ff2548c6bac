/* An enumeration needs at least one enumerator. */
enum lt_empty { };
