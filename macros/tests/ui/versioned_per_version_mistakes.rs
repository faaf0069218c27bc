// Mistakes in per-version attributes (`#[versioned(..., kapi(...))]`) are compile errors at the token that makes
// them, once each although every version gets the attribute.

#[kapi::versioned(versions(v1beta1, v1), storage = v1, package = "example.com/a")]
mod no_versions_said {
    #[derive(kapi::Schema)]
    pub struct Spec {
        #[versioned(kapi(maximum = 10))]
        pub size: u32,
    }
}

#[kapi::versioned(versions(v1beta1, v1), storage = v1, package = "example.com/b")]
mod unknown_version {
    #[derive(kapi::Schema)]
    #[versioned(since = v2, kapi(validation(rule = "self.size > 0")))]
    pub struct Spec {
        pub size: u32,
    }
}

#[kapi::versioned(versions(v1beta1, v1), storage = v1, package = "example.com/c")]
mod history_mixed_in {
    #[derive(kapi::Schema)]
    pub struct Spec {
        #[versioned(added = v1, kapi(maximum = 10))]
        pub size: Option<u32>,
    }
}

#[kapi::versioned(versions(v1beta1, v1), storage = v1, package = "example.com/d")]
mod kind_setting_on_a_field {
    #[derive(kapi::Schema)]
    pub struct Spec {
        #[versioned(before = v1, kapi(crd(served = false)))]
        pub size: u32,
    }
}

#[kapi::versioned(versions(v1beta1, v1), storage = v1, package = "example.com/e")]
mod unknown_column_key {
    #[derive(kapi::Schema, kapi::Resource, serde::Serialize, serde::Deserialize)]
    #[kapi(group = "e.example.com", crd)]
    #[versioned(before = v1, kapi(crd(printer_column(name = "Size", type = "integer", jsonpath = ".spec.size"))))]
    pub struct Thing {
        pub spec: u32,
    }
}

#[kapi::versioned(versions(v1beta1(served = "no"), v1), storage = v1, package = "example.com/f")]
mod served_not_a_bool {}

fn main() {}
