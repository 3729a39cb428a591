<?php
function linear_search($a, $n, $x)
{
    for ($i = 0; $i < $n; $i++) {
        if ($a[$i] == $x) {
            return $i;
        }
    }
    return -1;
}

echo linear_search([1, 3, 5, 7, 9, 11], 6, 7), "\n";
