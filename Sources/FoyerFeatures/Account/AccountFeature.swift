import DuetCore
import DuetTelemetry

// The account screen: the name shown, the editor it presents, and the sign-out the auth port
// confirms. The sign-out is counted when the port confirms it, before the root is told.

/// The ids the account screen's effects run under.
enum AccountEffectIDs {
  /// One sign-out in flight at a time.
  static let signOut: EffectID = "account.signOut"
}

// MARK: - State

/// The name shown, the editor presented over it, and the sign-out in flight.
struct AccountState: Equatable, Codable, Sendable {
  var displayName = ""
  /// The name editor is presented.
  var isEditingName = false
  /// The auth port is answering a sign-out.
  var isSigningOut = false
  /// The last sign-out failed; shown under the button.
  var signOutFailed = false
}

// MARK: - Actions

/// What reaches the account screen: its buttons, the editor's delegate events, the auth port's answer.
enum AccountAction: Equatable, Sendable, CanonicalSumCodable {
  case editNameTapped
  /// The name editor's delegate event.
  case editName(event: EditNameDelegateEvent)
  case signOutTapped
  /// The auth port answered the sign-out in flight.
  case signOutAnswered(SignOutOutcome)
}

/// The auth port's answer to a sign-out.
enum SignOutOutcome: Equatable, Sendable, CanonicalSumCodable {
  case signedOut
  case failed
}

/// What the account screen tells its host.
enum AccountDelegateEvent: Equatable, Sendable, CanonicalSumCodable {
  /// The session ended: the host returns to the sign-in gate.
  case signedOut
}

// MARK: - Reducer

/// Presents and dismisses the editor, and signs out through the port, tracking the confirmed
/// sign-out before telling the host.
func accountReducer(state: inout AccountState, action: AccountAction) -> [Effect<AccountEffectPayload>] {
  switch action {
  case .editNameTapped:
    guard !state.isEditingName, !state.isSigningOut else { return [] }
    state.isEditingName = true
    return []

  case .editName(event: .saved(let name)):
    guard state.isEditingName else { return [] }
    state.displayName = name
    state.isEditingName = false
    return []

  case .editName(event: .cancelled):
    guard state.isEditingName else { return [] }
    state.isEditingName = false
    return []

  case .signOutTapped:
    guard !state.isSigningOut else { return [] }
    state.isSigningOut = true
    state.signOutFailed = false
    return [.run(.signOut, id: AccountEffectIDs.signOut)]

  case .signOutAnswered(let outcome):
    guard state.isSigningOut else { return [] }
    state.isSigningOut = false
    switch outcome {
    case .signedOut:
      // The event first: the delegate below climbs to the root, which tears this screen down.
      return [.track(AccountEvents.signedOut), .run(.notifyListener(.signedOut))]
    case .failed:
      state.signOutFailed = true
      return []
    }
  }
}

// MARK: - Effects

/// What the account screen asks the outside world to do, as data.
enum AccountEffectPayload: Equatable, Sendable, CanonicalSumCodable, TrackingEffectPayload {
  /// Ask the auth port to end the session; it answers with `signOutAnswered`.
  case signOut
  /// Forward an analytics event to the app's sinks.
  case track(event: TrackedEvent)
  /// Hand a delegate event to the host.
  case notifyListener(AccountDelegateEvent)
}
