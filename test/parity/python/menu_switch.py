def menu_switch(choice):
    match choice:
        case 1:
            print("New game")
        case 2:
            print("Load game")
        case 3:
            print("Settings")
        case _:
            print("Unknown")
