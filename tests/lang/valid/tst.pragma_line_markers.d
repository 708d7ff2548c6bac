/* Line markers, in the preprocessor style and the #line style. */
# 100 "lt_renamed.d"
#line 200
#line 300 "lt_other.d"
BEGIN
{
    exit(0);
}
