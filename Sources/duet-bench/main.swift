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

func text(_ name: String, in arguments: [String]) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

/// Reads every file under `folder` once, untimed, so the timed runs find the corpus in the page cache
/// whatever ran before them: the builds and the drill before a `make bench` can push a corpus's
/// 10,000 small files out, and a single timed run over a cold cache measured the disk (0.81 s
/// against 0.33 s warm for the tiny corpus's `verify --jobs 2`), not the verifier.
/// Each file is read through one reused 64 KiB buffer: the bench's own resident memory must stay
/// small, since a child's peak RSS (the verifier's figure) starts from its parent's at the spawn.
func warmPageCache(_ folder: String) {
  guard let walk = FileManager.default.enumerator(atPath: folder) else { return }
  let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 16)
  defer { buffer.deallocate() }
  for case let name as String in walk where !name.hasPrefix(".runs") {
    let descriptor = open(folder + "/" + name, O_RDONLY)
    guard descriptor >= 0 else { continue }
    while read(descriptor, buffer, 1 << 16) > 0 {}
    close(descriptor)
  }
}

/// The fastest of `repeats` runs of `program` (the largest RSS of them); a failing run stops the bench.
func fastest(_ repeats: Int, _ what: String, program: String, arguments: [String], input: String? = nil) throws
  -> BenchLane.Figures
{
  try fastest(repeats, what) { () throws in try BenchLane.run(verifier: program, arguments: arguments, input: input) }
}

/// The fastest of `repeats` measurements (the largest RSS of them); a failing one stops the bench.
func fastest(_ repeats: Int, _ what: String, measure: () throws -> BenchLane.Figures) throws -> BenchLane.Figures {
  var best: BenchLane.Figures?
  for _ in 0..<repeats {
    let figures = try measure()
    guard figures.exitStatus == 0 else { fail("\(what) exited \(figures.exitStatus); the corpus must pass") }
    var kept = best.map { $0.seconds <= figures.seconds ? $0 : figures } ?? figures
    kept.peakRSSMegabytes = max(best?.peakRSSMegabytes ?? 0, figures.peakRSSMegabytes)
    best = kept
  }
  guard let best else { fail("no run of \(what)") }
  return best
}

/// (a) the in-process limit, (b) the lane with one runner, (c) the lane with one runner per core;
/// with `--tiny DIR`, (d) one runner alone on the tiny corpus's piped requests and (c2) the lane
/// with two runners on it. The last line is machine-readable.
func runBenchmark(corpus: URL, arguments: [String]) {
  guard let verifier = text("--verifier", in: arguments), let runner = text("--runner", in: arguments) else {
    fail("run needs --verifier PATH and --runner PATH")
  }
  let cores = option("--jobs", in: arguments, default: ProcessInfo.processInfo.activeProcessorCount)
  // On a shared machine a neighbour's burst only ever slows a run down: with --repeat N each figure
  // is the fastest of N runs (and RSS the largest).
  let repeats = max(1, option("--repeat", in: arguments, default: 1))
  let manifest = corpus.appendingPathComponent("manifest.yaml").path
  do {
    var limit = try BenchLimit.run(fixturesFolder: corpus.appendingPathComponent("fixtures"))
    for _ in 1..<repeats {
      let again = try BenchLimit.run(fixturesFolder: corpus.appendingPathComponent("fixtures"))
      if again.seconds < limit.seconds { limit = again }
    }
    guard limit.failures == 0, limit.steps > 0 else { fail("the in-process limit saw \(limit.failures) failures") }
    let steps = Double(limit.steps)
    func lane(_ jobs: Int, manifest: String = manifest) throws -> BenchLane.Figures {
      try fastest(
        repeats, "duet-verify --jobs \(jobs)", program: verifier,
        arguments: ["verify", "--manifest", manifest, "--runner", runner, "--jobs", String(jobs)])
    }
    warmPageCache(corpus.path)
    let serial = try lane(1)
    let parallel = try lane(cores)
    let limitRate = steps / limit.seconds
    let serialRate = steps / serial.seconds
    let parallelRate = steps / parallel.seconds
    print(
      "corpus: \(limit.fixtures) fixtures, \(limit.steps) steps (\(corpus.path))"
        + (repeats > 1 ? ", best of \(repeats) runs each" : ""))
    print(String(format: "(a) in-process limit, 1 thread: %8.0f steps/s  %7.2fs", limitRate, limit.seconds))
    print(
      String(
        format: "(b) protocol lane, --jobs 1:    %8.0f steps/s  %7.2fs  verifier RSS %.0f MB", serialRate,
        serial.seconds,
        serial.peakRSSMegabytes))
    print(
      String(
        format: "(c) protocol lane, --jobs %d:    %8.0f steps/s  %7.2fs  verifier RSS %.0f MB", cores, parallelRate,
        parallel.seconds, parallel.peakRSSMegabytes))
    let rss = max(serial.peakRSSMegabytes, parallel.peakRSSMegabytes)
    var efficiency = ""
    if let tiny = text("--tiny", in: arguments) {
      let requests = try Data(contentsOf: URL(fileURLWithPath: tiny + "/requests.jsonl"))
      let tinySteps = Double(requests.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) })
      let alone = try fastest(
        repeats, "the runner alone", program: runner, arguments: [], input: tiny + "/requests.jsonl")
      warmPageCache(tiny)
      let lane = try lane(2, manifest: tiny + "/manifest.yaml")
      let halves = try splitInHalves(requests, beside: tiny + "/requests.jsonl")
      let both = try fastest(repeats, "a runner alone on half the requests") { () throws in
        try BenchLane.runTogether(halves.map { (runner, [], $0) })
      }
      print(
        String(
          format: "(d) one runner alone, tiny:     %8.0f steps/s  %7.2fs  (%.1f µs per request)",
          tinySteps / alone.seconds, alone.seconds, alone.seconds / tinySteps * 1e6))
      print(
        String(
          format: "(c2) tiny, --jobs 2:            %8.0f steps/s  %7.2fs  verifier RSS %.0f MB",
          tinySteps / lane.seconds, lane.seconds, lane.peakRSSMegabytes))
      print(
        String(
          format:
            "(e) two runners alone, tiny:    %8.0f steps/s  %7.2fs  (each on half the requests: (c2) with a free verifier)",
          tinySteps / both.seconds, both.seconds))
      efficiency = String(
        format: " efficiency=%.2f ceiling=%.2f", alone.seconds / lane.seconds, alone.seconds / both.seconds)
    }
    print(
      String(
        format: "bench: lane/limit=%.2f parallel/serial=%.2f rss=%.0fMB steps/s=%.0f", parallelRate / limitRate,
        parallelRate / serialRate, rss, parallelRate) + efficiency)
  } catch {
    fail("the benchmark could not run: \(error)")
  }
}

/// The tiny corpus's requests cut into two files of whole lines (written once, beside `requests`),
/// so two runners can answer half each.
func splitInHalves(_ requests: Data, beside path: String) throws -> [String] {
  let names = [1, 2].map { path.replacingOccurrences(of: ".jsonl", with: ".half-\($0).jsonl") }
  if names.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) { return names }
  let bytes = [UInt8](requests)
  var cut = bytes.count / 2
  while cut < bytes.count && bytes[cut - 1] != 0x0A { cut += 1 }
  try Data(bytes[..<cut]).write(to: URL(fileURLWithPath: names[0]), options: .atomic)
  try Data(bytes[cut...]).write(to: URL(fileURLWithPath: names[1]), options: .atomic)
  return names
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  fail(
    "usage: duet-bench generate DIR [--fixtures N] [--steps S] [--seed K] [--tiny] [--skew F] | duet-bench limit DIR | "
      + "duet-bench run DIR --verifier PATH --runner PATH [--jobs N] [--repeat N] [--tiny DIR] | "
      + "duet-bench shards DIR --verifier PATH --runner PATH [--shards N]")
}
let directory = URL(fileURLWithPath: arguments[1])
switch arguments[0] {
case "generate":
  let corpus = BenchCorpus(
    fixtures: option("--fixtures", in: arguments, default: 10_000),
    steps: option("--steps", in: arguments, default: 10),
    seed: UInt64(option("--seed", in: arguments, default: 42)),
    shape: arguments.contains("--tiny") ? .tiny : .realistic, skew: option("--skew", in: arguments, default: 1))
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
case "run":
  runBenchmark(corpus: directory, arguments: arguments)
case "shards":
  runShardBalance(corpus: directory, arguments: arguments)
default:
  fail("unknown command '\(arguments[0])'")
}
