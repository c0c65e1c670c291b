import DuetPlatform

/// The strength verbs' `--json` report (also kept as `.runs/<verb>/summary.json`): one object,
/// keys sorted, slashes as written (paths read as paths), then a newline.
enum StrengthJSON {
  /// `report` as that text; `{}` when it cannot be encoded.
  static func object(_ report: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(report) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
