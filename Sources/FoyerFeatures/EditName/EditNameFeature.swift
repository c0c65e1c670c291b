import DuetCore
import DuetTelemetry
import Foundation

// The name editor: a draft, a save the account port confirms, and a cancel. The event says a
// name was edited, never what it became: the name is the user's.

/// The ids the editor's effects run under.
enum EditNameEffectIDs {
  /// One save in flight at a time.
  static let save: EffectID = "editname.save"
}

// MARK: - State

/// The draft and the save in flight.
struct EditNameState: Equatable, Codable, Sendable {
  /// The name as typed.
  var draft = ""
  /// The account port is answering a save.
  var isSaving = false
  /// Why the last save did not happen, shown under the field.
  var failure: EditNameFailure?
}

/// Why a save did not happen.
enum EditNameFailure: Equatable, Sendable, CanonicalSumCodable {
  /// The draft is blank; the port was never asked.
  case empty
  /// The account port answered `failed`.
  case saveFailed
}

// MARK: - Actions

/// What reaches the editor: the field, its buttons, and the account port's answer.
enum EditNameAction: Equatable, Sendable, CanonicalSumCodable {
  case draftChanged(String)
  case saveTapped
  /// The account port answered the save in flight.
  case saveAnswered(SaveOutcome)
  case cancelTapped
}

/// The account port's answer to a save.
enum SaveOutcome: Equatable, Sendable, CanonicalSumCodable {
  case saved
  case failed
}

/// What the editor tells its host.
enum EditNameDelegateEvent: Equatable, Sendable, CanonicalSumCodable {
  /// The port confirmed the save; the host shows `name` from now on.
  case saved(name: String)
  case cancelled
}

// MARK: - Reducer

/// Refuses a blank name, asks the port to save, and on its confirmation tracks the edit before
/// handing the name to the host.
func editNameReducer(state: inout EditNameState, action: EditNameAction) -> [Effect<EditNameEffectPayload>] {
  switch action {
  case .draftChanged(let text):
    guard !state.isSaving else { return [] }
    state.draft = text
    state.failure = nil
    return []

  case .saveTapped:
    guard !state.isSaving else { return [] }
    let name = state.draft.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else {
      state.failure = .empty
      return []
    }
    state.draft = name
    state.isSaving = true
    state.failure = nil
    return [.run(.saveName(name: name), id: EditNameEffectIDs.save)]

  case .saveAnswered(let outcome):
    guard state.isSaving else { return [] }
    state.isSaving = false
    switch outcome {
    case .saved:
      // The event first: the delegate below lets the account screen dismiss this editor.
      return [.track(EditNameEvents.nameEdited), .run(.notifyListener(.saved(name: state.draft)))]
    case .failed:
      state.failure = .saveFailed
      return []
    }

  case .cancelTapped:
    guard !state.isSaving else { return [] }
    return [.run(.notifyListener(.cancelled))]
  }
}

// MARK: - Effects

/// What the editor asks the outside world to do, as data.
enum EditNameEffectPayload: Equatable, Sendable, CanonicalSumCodable, TrackingEffectPayload {
  /// Ask the account port to save the name; it answers with `saveAnswered`.
  case saveName(name: String)
  /// Forward an analytics event to the app's sinks.
  case track(event: TrackedEvent)
  /// Hand a delegate event to the host.
  case notifyListener(EditNameDelegateEvent)
}
