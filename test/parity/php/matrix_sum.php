<?php
function matrix_sum($m, $rows, $cols)
{
    $s = 0;
    for ($i = 0; $i < $rows; $i++) {
        for ($j = 0; $j < $cols; $j++) {
            $s += $m[$i][$j];
        }
    }
    return $s;
}

echo matrix_sum([[1, 2], [3, 4]], 2, 2), "\n";
