import DuetCore
import DuetTelemetry
import Foundation

// The sign-in gate: an email address or a guest session, asked of the auth port as data. The
// session event names the kind of provider, never the address.

/// The ids the sign-in gate's effects run under.
enum SignInEffectIDs {
  /// One sign-in attempt in flight at a time.
  static let auth: EffectID = "signin.auth"
}

// MARK: - State

/// The gate's form and the attempt in flight.
struct SignInState: Equatable, Codable, Sendable {
  /// The address as typed.
  var email = ""
  /// The provider of the attempt the auth port is answering; `nil` when idle.
  var pending: SignInProvider?
  /// Why the last attempt did not sign in, shown under the form.
  var failure: SignInFailure?
}

/// The two ways into a session.
enum SignInProvider: Equatable, Sendable, CanonicalSumCodable {
  case email
  case guest
}

/// Why an attempt did not sign in.
enum SignInFailure: Equatable, Sendable, CanonicalSumCodable {
  /// The address is not `someone@somewhere`; the port was never asked.
  case invalidAddress
  /// The auth port refused the attempt.
  case refused
}

// MARK: - Actions

/// What reaches the gate: the form's edits and taps, and the auth port's answer.
enum SignInAction: Equatable, Sendable, CanonicalSumCodable {
  case emailChanged(String)
  case emailSubmitted
  case guestTapped
  /// The auth port answered the attempt in flight.
  case authAnswered(AuthAnswer)
}

/// The auth port's answer to one attempt.
enum AuthAnswer: Equatable, Sendable, CanonicalSumCodable {
  case signedIn(needsOnboarding: Bool)
  case refused
}

/// What the gate tells its host once a session exists.
enum SignInDelegateEvent: Equatable, Sendable, CanonicalSumCodable {
  case signedIn(needsOnboarding: Bool)
}

// MARK: - Reducer

/// Validates the form, asks the port, and on its `signedIn` answer tracks the session before
/// handing over to the host.
func signInReducer(state: inout SignInState, action: SignInAction) -> [Effect<SignInEffectPayload>] {
  switch action {
  case .emailChanged(let text):
    guard state.pending == nil else { return [] }
    state.email = text
    state.failure = nil
    return []

  case .emailSubmitted:
    guard state.pending == nil else { return [] }
    let address = state.email.trimmingCharacters(in: .whitespaces)
    guard isPlausibleAddress(address) else {
      state.failure = .invalidAddress
      return []
    }
    state.pending = .email
    state.failure = nil
    return [.run(.authenticate(.email(address: address)), id: SignInEffectIDs.auth)]

  case .guestTapped:
    guard state.pending == nil else { return [] }
    state.pending = .guest
    state.failure = nil
    return [.run(.authenticate(.guest), id: SignInEffectIDs.auth)]

  case .authAnswered(let answer):
    // An answer with nothing pending (late, or repeated) is inert.
    guard let provider = state.pending else { return [] }
    state.pending = nil
    switch answer {
    case .signedIn(let needsOnboarding):
      // The event first: the delegate below lets the root tear this gate down.
      return [
        .track(SignInEvents.signedIn(provider: provider)),
        .run(.notifyListener(.signedIn(needsOnboarding: needsOnboarding))),
      ]
    case .refused:
      state.failure = .refused
      return []
    }
  }
}

/// `someone@somewhere`: one `@` with something on each side.
private func isPlausibleAddress(_ address: String) -> Bool {
  let parts = address.split(separator: "@", omittingEmptySubsequences: false)
  return parts.count == 2 && parts.allSatisfy { !$0.isEmpty }
}

// MARK: - Effects

/// What the gate asks the outside world to do, as data.
enum SignInEffectPayload: Equatable, Sendable, CanonicalSumCodable, TrackingEffectPayload {
  /// Ask the auth port to sign in; it answers with `authAnswered`.
  case authenticate(SignInRequest)
  /// Forward an analytics event to the app's sinks.
  case track(event: TrackedEvent)
  /// Hand a delegate event to the host.
  case notifyListener(SignInDelegateEvent)
}

/// One sign-in attempt as the auth port receives it.
enum SignInRequest: Equatable, Sendable, CanonicalSumCodable {
  case email(address: String)
  case guest
}
