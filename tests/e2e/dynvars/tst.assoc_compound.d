/* Compound assignments and ++/-- on elements, including elements that did not exist yet. */
#pragma D option quiet

BEGIN
{
	lt_a["n"] = 5;
	lt_a["n"] *= 3;
	lt_a["n"]--;
	lt_a["m"]++;
	++lt_a["m"];
	lt_a["n"] -= lt_a["m"];
	printf("%d %d %d\n", lt_a["n"], lt_a["m"], lt_a["m"]++);
	printf("%d\n", lt_a["m"]);
	exit(0);
}
