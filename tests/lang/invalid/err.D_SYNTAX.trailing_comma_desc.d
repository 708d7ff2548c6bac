/* A description list may not end with a comma. */
BEGIN, {
    exit(0);
}
