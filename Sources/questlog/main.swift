print("questlog")
