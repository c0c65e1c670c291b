print("replay-runner: no features yet")
