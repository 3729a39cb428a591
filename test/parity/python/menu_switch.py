def menu_switch(choice):
    match choice:
        case 1:
            print("one")
        case 2:
            print("two")
        case _:
            print("other")
