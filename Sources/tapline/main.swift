print("tapline")
