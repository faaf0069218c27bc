use kapi::{Resource, Schema};

#[derive(Schema, Resource)]
#[kapi(package = "example.com/a/v1", group = "a.example.com", version = "v1", crd(conversion_webhook(path = "/convert")))]
struct Neither {}

#[derive(Schema, Resource)]
#[kapi(package = "example.com/b/v1", group = "b.example.com", version = "v1", crd(conversion_webhook(service = "kapi")))]
struct ServiceWithoutNamespace {}

#[derive(Schema, Resource)]
#[kapi(package = "example.com/c/v1", group = "c.example.com", version = "v1", crd(conversion_webhook(url = "https://c.example.com/convert", port = 8443)))]
struct UrlWithPort {}

fn main() {}
