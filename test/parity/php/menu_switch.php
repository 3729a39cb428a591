<?php
function menu_switch($choice)
{
    switch ($choice) {
        case 1:
            echo "New game\n";
            break;
        case 2:
            echo "Load game\n";
            break;
        case 3:
            echo "Settings\n";
            break;
        default:
            echo "Unknown\n";
    }
}

$choice = (int) trim(fgets(STDIN));
menu_switch($choice);
