<?php
function square($x)
{
    return $x * $x;
}

$n = (int) fgets(STDIN);
$m = ($n + ;
echo square($n), "\n";
