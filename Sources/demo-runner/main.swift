print("demo-runner: no features yet")
