import DuetVerify

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(DuetVerifyCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
