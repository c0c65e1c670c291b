/// What a ``Context`` and a ``Branch`` both are: a label, its line and the words inside.
///
/// The two words differ only in what the compiler does with them (a Branch forks, a Context
/// does not), so both hand it the same chapter.
struct Chapter<
  State: Codable & Sendable, Action: Codable & Sendable, Payload: Codable & Sendable & Equatable
>: Sendable {
  let label: String
  let line: Int
  let body: [ScenarioElement<State, Action, Payload>]
}
