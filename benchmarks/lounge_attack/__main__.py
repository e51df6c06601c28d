from benchmarks.lounge_attack import main

main()
