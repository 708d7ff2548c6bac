/* Comments may sit between any two tokens. */
BEGIN
{
    lt_x = 1 /* one */ + /* two */ 2;
    lt_y = lt_x/* no space */*3;
    trace(lt_y);
}
