/* The line is that of the first description of the list. */
BEGIN,
END,
ERROR
