// The system layer the modules linked into duet-verify read the platform through, in one import.
//
// `duet-verify` loads no `Foundation` (whose Linux build loads ICU, FoundationInternationalization
// and their relocations at every start; docs/performance.md, seventh round): where Swift's
// `FoundationEssentials` exists, that is what these modules see, and the C library gives the rest
// (descriptors, pthreads, signals). Each source file says `import DuetPlatform` instead of
// repeating the conditional imports; the modules apps import do not re-export it.

#if canImport(FoundationEssentials)
  @_exported import FoundationEssentials
#else
  @_exported import Foundation
#endif

#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#endif
