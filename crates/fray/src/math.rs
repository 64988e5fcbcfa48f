//! The transcendental functions every figure is computed with, from `libm` (a port of
//! musl's): the same bits on every platform. The standard library's `f64::exp`, `ln`,
//! `cos` and the like call the platform's own maths library, whose last bits differ
//! between a native build and the WebAssembly one (a roster's cost printed as
//! `5.536833484534842` in a browser against `...837` natively), so they are refused by
//! clippy in the library crates (`clippy.toml`). Square roots, floors and the basic
//! operations are exactly rounded by IEEE 754 everywhere and need no stand-in.
//!
//! ```
//! assert_eq!(fray::math::exp(0.0), 1.0);
//! assert_eq!(fray::math::ln(1.0), 0.0);
//! ```

/// e^x.
pub fn exp(x: f64) -> f64 {
    libm::exp(x)
}

/// The natural logarithm.
pub fn ln(x: f64) -> f64 {
    libm::log(x)
}

/// ln(1 + x), exact for small x.
pub fn ln_1p(x: f64) -> f64 {
    libm::log1p(x)
}

/// The logarithm to base 10.
pub fn log10(x: f64) -> f64 {
    libm::log10(x)
}

/// The logarithm to base 2.
pub fn log2(x: f64) -> f64 {
    libm::log2(x)
}

/// The cosine of `x` radians.
pub fn cos(x: f64) -> f64 {
    libm::cos(x)
}

/// x^y.
pub fn powf(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

/// The complementary error function, 1 − erf(x), exact in its tail.
pub fn erfc(x: f64) -> f64 {
    libm::erfc(x)
}
