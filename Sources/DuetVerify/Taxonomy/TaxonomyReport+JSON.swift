import DuetCore

extension TaxonomyReport {
  /// One canonical JSON object for tools: the events, the findings, and whether the gate passed.
  ///
  /// Parameter values are strings as the console prints them (`"1.5"`, `"true"`), beside the
  /// parameter's kinds, so doubles stay inside the dialect.
  func renderJSON() -> String {
    (try? CanonicalWriter.compact(jsonValue)).map { $0 + "\n" } ?? "{}\n"
  }

  /// The report as a JSON tree.
  var jsonValue: JSONValue {
    .object([
      "declared": .bool(hasDeclaration),
      "envelopes": .integer(Int64(envelopes)),
      "events": .array(events.map(\.jsonValue)),
      "findings": .array(findings.map(\.jsonValue)),
      "fixtures": .integer(Int64(fixturesRead)),
      "passed": .bool(passed),
    ])
  }
}

extension TaxonomyReport.Event {
  var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "declaredBy": .array(declaredBy.map(JSONValue.string)),
      "emissions": .integer(Int64(emissions)),
      "fixtures": .array(fixtures.map(JSONValue.string)),
      "name": .string(name),
      "owners": .array(owners.map(JSONValue.string)),
      "params": .array(params.map(\.jsonValue)),
      "status": .string(status.rawValue),
    ]
    if let declaredLine { members["declaredLine"] = .integer(Int64(declaredLine)) }
    return .object(members)
  }
}

extension TaxonomyReport.Param {
  var jsonValue: JSONValue {
    .object([
      "hasMoreValues": .bool(hasMoreValues),
      "key": .string(key),
      "kinds": .array(kinds.map(JSONValue.string)),
      "values": .array(values.map(JSONValue.string)),
      "withheldValues": .integer(Int64(withheldValues)),
    ])
  }
}

extension TaxonomyFinding {
  var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "message": .string(message),
      "severity": .string(severity.rawValue),
    ]
    if let rule { members["rule"] = .string(rule.rawValue) }
    if let fixture { members["fixture"] = .string(fixture) }
    if let step { members["step"] = .integer(Int64(step)) }
    if let path { members["path"] = .string(path) }
    if let manifestLine { members["manifestLine"] = .integer(Int64(manifestLine)) }
    return .object(members)
  }
}
