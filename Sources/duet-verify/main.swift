import DuetVerify
import Foundation

exit(DuetVerifyCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
