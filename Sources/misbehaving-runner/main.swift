import DuetCore
import Foundation

// A replay-protocol runner that misbehaves on purpose, for the verifier's end-to-end tests.
//
//   misbehaving-runner [--features counter,ping,pong] [--protocol NAME] [--version N]
//                      [--exit-before-handshake STATUS] [--hang-before-handshake]
//                      [--stderr-flood BYTES] [--fault KIND] [--on ACTION-CASE] [--slow-ms N]
//                      [--line-mib N] [--announce FIFO] [--start-log FILE] [--capabilities record]
//                      [--at-exit crash|status] [--grandchild-stderr PIDFILE] [--scenarios-mib N]
//                      [--platform NAME]
//
// KIND: crash (SIGKILL itself), exit (status 3), hang, non-json, non-object, missing-state,
// invalid-utf8, huge-line (--line-mib MiB, default 17), error, close-stdout, close-stdin (answers
// wrongly, then reads nothing), slow (answers correctly after --slow-ms; without this fault,
// --slow-ms delays every answer), and the stream-integrity faults, each around a correct answer:
// duplicate (the answer twice), stray (a stray line, then the answer), blank (a blank line, then
// the answer), pretty-state (the answer with its state as multi-line pretty JSON), and off-by-one (a
// well-formed answer whose state's count is one too many: a core that disagrees).
// --at-exit: on {"op":"exit"}, SIGKILL itself (crash) or exit with status 3 (status) instead of 0.
// --grandchild-stderr: before the handshake, leave a child behind (same process group, same pipes)
// writing to stderr forever; it writes its pid to PIDFILE first.
// --scenarios-mib: the canned scenarios reply is padded to about N MiB (one long description).
// --hostile-text: the error fault's message (reduce or scenarios) holds line breaks opening workflow
// commands, legacy ##[ commands, ESC, NUL and invisible format characters (HostileText.swift).
// The fault fires on every request whose action case is --on (every request when --on is absent);
// other requests are answered correctly. With --announce, the runner writes its pid to that named
// pipe just before a fault fires (if someone is reading it), so a test knows the moment. With
// --start-log, every start appends the runner's pid to FILE, so a test can count restarts.
//
// With --capabilities record the handshake advertises it and the scenarios op is answered with one
// small canned recording per feature or chain (Scenarios.swift); --on then also names the feature
// or chain whose scenarios request faults (crash, exit, hang, non-json, missing-state, error: a
// failing Then, unknown-op). Without it, scenarios is an unknown op.
//
// --malformed-track: the canned feature recording's step emits a track effect without a verb.
// --platform NAME: the handshake names platform NAME (default "test"), so a test can run lanes.
//
// misbehaving-runner --print-canonical-set prints CanonicalSetSample in compact form and exits.

var options: [String: String] = [:]
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
  let flag = arguments.removeFirst()
  // A flag followed by another flag (or by nothing) is a switch: its value is empty.
  options[flag] = arguments.first.map { $0.hasPrefix("--") } ?? true ? "" : arguments.removeFirst()
}

func out(_ bytes: [UInt8]) {
  try? FileHandle.standardOutput.write(contentsOf: Data(bytes))
}
func out(_ text: String) { out(Array(text.utf8)) }

if options["--print-canonical-set"] != nil {
  out(CanonicalSetSample.compact() + "\n")
  exit(0)
}
if let log = options["--start-log"] {
  let descriptor = open(log, O_WRONLY | O_APPEND | O_CREAT, 0o644)
  if descriptor >= 0 {
    let line = Array("\(getpid())\n".utf8)
    _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }
}
if let status = options["--exit-before-handshake"] {
  FileHandle.standardError.write(Data("misbehaving-runner: leaving before the handshake\n".utf8))
  exit(Int32(status) ?? 1)
}
if options["--hang-before-handshake"] != nil {
  FileHandle.standardError.write(Data("misbehaving-runner: never saying hello\n".utf8))
  while true { sleep(1000) }
}
if let flood = options["--stderr-flood"], let bytes = Int(flood) {
  let line = Data((String(repeating: "x", count: 1023) + "\n").utf8)
  for _ in 0..<(bytes / 1024) { FileHandle.standardError.write(line) }
  FileHandle.standardError.write(Data("misbehaving-runner: flood done\n".utf8))
}
let features = (options["--features"] ?? "counter").split(separator: ",").map { JSONValue.string(String($0)) }
var handshakeFields: [String: JSONValue] = [
  "features": .array(features), "platform": .string(options["--platform"] ?? "test"),
  "protocol": .string(options["--protocol"] ?? "duet-replay"),
  "version": .integer(Int64(options["--version"] ?? "1") ?? 1),
]
let canRecord = options["--capabilities"] == "record"
if canRecord { handshakeFields["capabilities"] = .array([.string("record")]) }
if let pidFile = options["--grandchild-stderr"] {
  // Inherits every descriptor (stdout and stderr pipes included) and stays in our process group.
  let script =
    "echo $$ > '\(pidFile)'; while :; do echo 'misbehaving-runner grandchild: still here' >&2; sleep 0.02; done"
  var child: pid_t = 0
  var argv: [UnsafeMutablePointer<CChar>?] = [String](["/bin/sh", "-c", script]).map { strdup($0) } + [nil]
  _ = posix_spawn(&child, "/bin/sh", nil, nil, &argv, environ)
  argv.forEach { free($0) }
  // The handshake waits for the child's pid file, so the verifier can never finish and end the
  // process group before the child exists (a test then finds no child to check).
  var waited = 0
  while access(pidFile, F_OK) != 0 && waited < 2_000 {
    usleep(5_000)
    waited += 1
  }
}

out(((try? CanonicalWriter.compact(.object(handshakeFields))) ?? "{}") + "\n")

let fault = options["--fault"]
let trigger = options["--on"]
let slowMillis = UInt32(options["--slow-ms"] ?? "0") ?? 0
let lineMiB = Int(options["--line-mib"] ?? "17") ?? 17

let announcePath = options["--announce"]

/// Writes this runner's pid to the --announce pipe, when one is given and someone reads it.
@MainActor func announce() {
  guard let path = announcePath else { return }
  let descriptor = open(path, O_WRONLY | O_NONBLOCK)
  guard descriptor >= 0 else { return }
  let text = Array("\(getpid())\n".utf8)
  _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  close(descriptor)
}

while let line = readLine(strippingNewline: true) {
  guard let request = try? JSONParser().parse(line) else {
    out("{\"error\":\"malformed request line\"}\n")
    continue
  }
  if request["op"] == .string("exit") {
    switch options["--at-exit"] {
    case "crash": kill(getpid(), SIGKILL)
    case "status": exit(3)
    default: exit(0)
    }
  }
  if request["op"] == .string("scenarios") {
    let target = request["feature"]?.stringValue ?? request["chain"]?.stringValue ?? ""
    guard canRecord else {
      out("{\"error\":\"unknown op 'scenarios'\"}\n")
      continue
    }
    if let fault, trigger == nil || trigger == target {
      announce()
      if slowMillis > 0 { usleep(slowMillis * 1000) }
      switch fault {
      case "error":
        let hostile = options["--hostile-text"] != nil
        out((hostile ? HostileText.error("Then 'the count is one' returned false") : Scenarios.failedThen) + "\n")
        continue
      case "unknown-op":
        out("{\"error\":\"unknown op 'scenarios'\"}\n")
        continue
      case "missing-state":
        out("{\"recordings\":[]}\n")
        continue
      case "non-json":
        out("this is not json\n")
        continue
      case "crash": kill(getpid(), SIGKILL)
      case "exit": exit(3)
      case "hang": while true { sleep(1000) }
      default: break
      }
    }
    let padding = (Int(options["--scenarios-mib"] ?? "0") ?? 0) << 20
    out(
      Scenarios.canned(
        feature: request["feature"]?.stringValue, chain: request["chain"]?.stringValue, padding: padding,
        malformedTrack: options["--malformed-track"] != nil) + "\n")
    continue
  }
  guard let feature = request["feature"]?.stringValue, let state = request["state"], let action = request["action"]
  else {
    out("{\"error\":\"reduce needs feature/state/action\"}\n")
    continue
  }
  if slowMillis > 0, fault != "slow" { usleep(slowMillis * 1000) }
  let fires = fault != nil && (trigger == nil || action["case"]?.stringValue == trigger)
  if fires, fault == "stray" { out("misbehaving-runner: a stray line on stdout\n") }
  if fires, fault == "blank" { out("\n") }
  if let fault, fires {
    announce()
    switch fault {
    case "slow": usleep(slowMillis * 1000)
    case "crash": kill(getpid(), SIGKILL)
    case "exit": exit(3)
    case "hang": while true { sleep(1000) }
    case "close-stdin":
      close(0)
      out("{\"effects\":\"[]\",\"state\":\"{}\"}\n")
      while true { sleep(1000) }
    case "close-stdout":
      close(1)
      while true { sleep(1000) }
    case "non-json":
      out("this is not json\n")
      continue
    case "non-object":
      out("[1,2,3]\n")
      continue
    case "missing-state":
      out("{\"effects\":\"[]\"}\n")
      continue
    case "invalid-utf8":
      out([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D, 0x0A])
      continue
    case "huge-line":
      let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
      for _ in 0..<lineMiB { out(chunk) }
      out("\n")
      continue
    case "error":
      // With --hostile-text the message tries to forge workflow commands and clear the terminal.
      let message = "unknown feature '\(feature)'"
      out(options["--hostile-text"] != nil ? HostileText.error(message) + "\n" : "{\"error\":\"\(message)\"}\n")
      continue
    default: break
    }
  }
  guard case (var next, let effects)? = Reducers.reduce(feature: feature, state: state, action: action) else {
    out("{\"error\":\"unknown feature '\(feature)'\"}\n")
    continue
  }
  if fires, fault == "off-by-one", case .object(var fields) = next, let count = fields["count"]?.integerValue {
    // A core that disagrees: a well-formed answer whose count is one too many.
    fields["count"] = .integer(count + 1)
    next = .object(fields)
  }
  guard let stateText = try? CanonicalWriter.compact(next),
    let effectsText = try? CanonicalWriter.compact(.array(effects))
  else {
    out("{\"error\":\"unknown feature '\(feature)'\"}\n")
    continue
  }
  let threaded = fires && fault == "pretty-state" ? ((try? CanonicalWriter.pretty(next)) ?? stateText) : stateText
  let response: JSONValue = .object(["effects": .string(effectsText), "state": .string(threaded)])
  let line = ((try? CanonicalWriter.compact(response)) ?? "{}") + "\n"
  out(line)
  if fires, fault == "duplicate" { out(line) }
}
