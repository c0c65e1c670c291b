// duet-bench: the benchmark's own tool. `generate` writes a synthetic corpus; `limit` measures the
// in-process limit on it. scripts/bench.sh drives both and the real verifier.
import BenchFeature
import Foundation

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("duet-bench: \(message)\n".utf8))
  exit(2)
}

func option(_ name: String, in arguments: [String], default value: Int) -> Int {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
  guard let number = Int(arguments[index + 1]), number >= 0 else { fail("\(name) needs a whole number") }
  return number
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  fail("usage: duet-bench generate DIR [--fixtures N] [--steps S] [--seed K] | duet-bench limit DIR")
}
let directory = URL(fileURLWithPath: arguments[1])
switch arguments[0] {
case "generate":
  let corpus = BenchCorpus(
    fixtures: option("--fixtures", in: arguments, default: 10_000),
    steps: option("--steps", in: arguments, default: 10),
    seed: UInt64(option("--seed", in: arguments, default: 42)))
  do {
    try corpus.write(to: directory)
  } catch {
    fail("could not write the corpus to \(directory.path): \(error)")
  }
  print("generated \(corpus.fixtures) fixtures x \(corpus.steps) steps in \(directory.path)")
case "limit":
  do {
    let figures = try BenchLimit.run(fixturesFolder: directory.appendingPathComponent("fixtures"))
    let rate = Double(figures.steps) / max(figures.seconds, 1e-9)
    print(
      "limit: \(figures.fixtures) fixtures, \(figures.steps) steps, \(figures.failures) failures, "
        + String(format: "%.2fs, %.0f steps/s", figures.seconds, rate))
    if figures.failures > 0 { exit(1) }
  } catch {
    fail("could not replay the corpus in \(directory.path): \(error)")
  }
default:
  fail("unknown command '\(arguments[0])'")
}
