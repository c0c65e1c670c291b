/// Every option of `duet-verify` by name, declared once (cli.md "Conventions"); the table of what
/// each takes is `Option.row` (Options/OptionTable.swift).
///
/// The names live at the bottom layer so that every sentence naming an option, in whichever layer
/// it is written, takes the name from here rather than typing it.
enum Option: String, CaseIterable, Sendable {
  case manifest = "--manifest"
  case runner = "--runner"
  case rebuild = "--rebuild"
  case lane = "--lane"
  case feature = "--feature"
  case chain = "--chain"
  case jobs = "--jobs"
  case timeout = "--timeout"
  case shard = "--shard"
  case allowEmptyShard = "--allow-empty-shard"
  case timings = "--timings"
  case writeTimings = "--write-timings"
  case check = "--check"
  case write = "--write"
  case markdown = "--markdown"
  case json = "--json"
  case junit = "--junit"
  case html = "--html"
  case pretty = "--pretty"
  case out = "--out"
  case module = "--module"
  case reducer = "--reducer"
  case minLines = "--min-lines"
  case minScore = "--min-score"
  case tableOnly = "--table-only"
  case since = "--since"
  case noCache = "--no-cache"
  case buildEach = "--build-each"
  case quiet = "--quiet"
  case noColor = "--no-color"
  case help = "--help"
  case version = "--version"
}
