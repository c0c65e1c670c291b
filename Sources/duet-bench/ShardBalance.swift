import BenchFeature
import Foundation

/// `duet-bench shards DIR`: each of N `--shard K/N` shares of the corpus replayed alone, one after
/// another with one runner each (the machine is shared), and how far the slowest share is from the
/// mean: `shards: 4 shares, slowest/mean=1.06 (1.21s 1.18s 1.14s 1.02s)`. On a skewed corpus
/// (`generate --skew 100`) a split blind to cost leaves one share far behind. The corpus is read once,
/// untimed, first (``warmPageCache(_:)``), so no share measures the disk.
func runShardBalance(corpus: URL, arguments: [String]) {
  guard let verifier = text("--verifier", in: arguments), let runner = text("--runner", in: arguments) else {
    fail("shards needs --verifier PATH and --runner PATH")
  }
  let count = max(1, option("--shards", in: arguments, default: 4))
  let manifest = corpus.appendingPathComponent("manifest.yaml").path
  // Untimed, as `run` does: a share timed over a cold page cache measures the disk, and only the
  // first share would pay it (one `make bench` printed slowest/mean 2.02, its reruns 1.04-1.17).
  warmPageCache(corpus.path)
  do {
    var seconds: [Double] = []
    for index in 1...count {
      let figures = try fastest(
        1, "duet-verify --shard \(index)/\(count)", program: verifier,
        arguments: [
          "verify", "--manifest", manifest, "--runner", runner, "--jobs", "1", "--shard", "\(index)/\(count)",
        ])
      seconds.append(figures.seconds)
    }
    let mean = seconds.reduce(0, +) / Double(count)
    let slowest = seconds.max() ?? 0
    print(
      "shards: \(count) shares, slowest/mean="
        + String(format: "%.2f", slowest / max(mean, 1e-9)) + " ("
        + seconds.map { String(format: "%.2fs", $0) }.joined(separator: " ") + ")")
  } catch {
    fail("the shard balance could not run: \(error)")
  }
}
