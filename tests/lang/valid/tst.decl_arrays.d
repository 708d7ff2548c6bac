/* Scalar arrays of one and more dimensions. */
int lt_vec[8];
char lt_buf[32];
int lt_grid[3][4];
int lt_cube[2][3][4];

BEGIN
{
    lt_vec[0] = 1;
    lt_vec[7] = 2;
    lt_grid[1][2] = 3;
    lt_cube[1][2][3] = 4;
    trace(lt_vec[0] + lt_vec[7] + lt_grid[1][2] + lt_cube[1][2][3]);
}
