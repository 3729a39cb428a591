function menu_switch(choice) {
    switch (choice) {
        case 1:
            console.log("New game");
            break;
        case 2:
            console.log("Load game");
            break;
        case 3:
            console.log("Settings");
            break;
        default:
            console.log("Unknown");
    }
}

const choice = Number(prompt("Choice: "));
menu_switch(choice);
