/* Comments between the description, the predicate and the body. */
BEGIN /* after the description */
/ 1 /* inside the predicate */ /
/* before the body */
{
    exit(0);
}
