/*
 * The operator that ends a predicate is reported at the line DTrace's lexer reached looking
 * past the closing "/": the line of the "{".
 */
BEGIN
/"lt_a" && "lt_b"/

{
	exit(1);
}
