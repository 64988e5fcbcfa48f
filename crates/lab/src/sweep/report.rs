//! The sweep's HTML page, placeholder until the charts land.
