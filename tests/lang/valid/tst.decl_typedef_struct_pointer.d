/* typedefs naming structures, pointers and arrays of pointers. */
typedef struct lt_node {
    int lt_val;
    struct lt_node *lt_next;
} lt_node_t;

typedef lt_node_t *lt_node_p;
typedef lt_node_p lt_node_vec[4];

BEGIN
{
    this->lt_n = (lt_node_p)arg0;
    trace(sizeof(lt_node_vec));
    trace(this->lt_n == 0);
}
