print("sceneflow")
