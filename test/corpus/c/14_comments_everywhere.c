// header comment
#include <stdio.h> // io
/* multi
   line */
int /* type */ sq(int /* arg */ v) /* after */ {
    return /* value */ v * v; // done
}
int main(/* none */) {
    int a = /* init */ 3; // a
    // printf("dead code");
    a = sq(a) /* call */ + 1;
    printf(/* fmt */ "%d\n", a);
    return 0; /* end */
}
